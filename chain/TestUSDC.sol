// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title TestUSDC
/// @notice Test-only EIP-3009 token for Precedent's embedded payment chain. Its runtime bytecode is
///         placed with `hardhat_setCode` at the Base USDC address (0x8335…2913) on an in-process chain
///         whose chainId is 8453, so the production x402 route config (asset, EIP-712 domain
///         {name:"USD Coin", version:"2"}) is used unchanged in test mode.
/// @dev    Written for this project. There is no constructor and nothing relies on initialised storage:
///         name/version/decimals are constants and the EIP-712 domain separator is computed on every
///         call from block.chainid and address(this). `mint` is permissionless: this is play money.
///         Revert strings are phrased so that the x402 EVM facilitator's `parseEip3009TransferError` classifies them
///         (…authorization is expired / not yet valid / is used…, …exceeds balance, invalid signature).
contract TestUSDC {
    string public constant name = "USD Coin";
    string public constant symbol = "USDC";
    string public constant version = "2";
    uint8 public constant decimals = 6;

    bytes32 private constant EIP712_DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );
    bytes32 public constant RECEIVE_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );

    /// @dev secp256k1n / 2: signatures with a larger s are rejected (no malleable duplicates).
    uint256 private constant HALF_CURVE_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;
    /// @dev EIP-1271: the magic value is also the selector of isValidSignature(bytes32,bytes).
    bytes4 private constant ERC1271_MAGIC_VALUE = 0x1626ba7e;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => mapping(bytes32 => bool)) private _usedAuthorizations;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce);

    // ---------------------------------------------------------------- EIP-712

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(
            abi.encode(
                EIP712_DOMAIN_TYPEHASH, keccak256(bytes(name)), keccak256(bytes(version)), block.chainid, address(this)
            )
        );
    }

    // ---------------------------------------------------------------- ERC-20

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "TestUSDC: transfer amount exceeds allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    /// @notice Test money: anyone may mint any amount to anyone.
    function mint(address to, uint256 value) external returns (bool) {
        require(to != address(0), "TestUSDC: mint to the zero address");
        totalSupply += value;
        unchecked {
            balanceOf[to] += value; // cannot overflow: bounded by totalSupply
        }
        emit Transfer(address(0), to, value);
        return true;
    }

    // ---------------------------------------------------------------- EIP-3009

    function authorizationState(address authorizer, bytes32 nonce) external view returns (bool) {
        return _usedAuthorizations[authorizer][nonce];
    }

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        _checkTiming(from, validAfter, validBefore, nonce);
        bytes32 digest = _digest(TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce);
        require(_recover(digest, v, r, s) == from, "TestUSDC: invalid signature");
        _useAuthorization(from, nonce);
        _transfer(from, to, value);
    }

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) external {
        _checkTiming(from, validAfter, validBefore, nonce);
        bytes32 digest = _digest(TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce);
        require(_isValidSignatureNow(from, digest, signature), "TestUSDC: invalid signature");
        _useAuthorization(from, nonce);
        _transfer(from, to, value);
    }

    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        require(to == msg.sender, "TestUSDC: caller must be the payee");
        _checkTiming(from, validAfter, validBefore, nonce);
        bytes32 digest = _digest(RECEIVE_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce);
        require(_recover(digest, v, r, s) == from, "TestUSDC: invalid signature");
        _useAuthorization(from, nonce);
        _transfer(from, to, value);
    }

    // ---------------------------------------------------------------- internals

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "TestUSDC: transfer to the zero address");
        uint256 fromBalance = balanceOf[from];
        require(fromBalance >= value, "TestUSDC: transfer amount exceeds balance");
        unchecked {
            balanceOf[from] = fromBalance - value;
            balanceOf[to] += value; // cannot overflow: bounded by totalSupply
        }
        emit Transfer(from, to, value);
    }

    function _checkTiming(address from, uint256 validAfter, uint256 validBefore, bytes32 nonce) private view {
        require(block.timestamp > validAfter, "TestUSDC: authorization is not yet valid");
        require(block.timestamp < validBefore, "TestUSDC: authorization is expired");
        require(!_usedAuthorizations[from][nonce], "TestUSDC: authorization is used or canceled");
    }

    function _useAuthorization(address from, bytes32 nonce) private {
        _usedAuthorizations[from][nonce] = true;
        emit AuthorizationUsed(from, nonce);
    }

    function _digest(
        bytes32 typeHash,
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce
    ) private view returns (bytes32) {
        bytes32 structHash = keccak256(abi.encode(typeHash, from, to, value, validAfter, validBefore, nonce));
        return keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash));
    }

    /// @dev ECDSA recovery; returns address(0) for anything malformed so callers fail with one message.
    function _recover(bytes32 digest, uint8 v, bytes32 r, bytes32 s) private pure returns (address) {
        if (v < 27) v += 27; // accept yParity (0/1) as well as 27/28
        if (v != 27 && v != 28) return address(0);
        if (uint256(s) > HALF_CURVE_ORDER) return address(0);
        return ecrecover(digest, v, r, s);
    }

    /// @dev EOA: 65-byte r‖s‖v ECDSA signature. Contract account: EIP-1271 `isValidSignature`.
    function _isValidSignatureNow(address signer, bytes32 digest, bytes memory signature) private view returns (bool) {
        if (signer.code.length == 0) {
            if (signature.length != 65) return false;
            bytes32 r;
            bytes32 s;
            uint8 v;
            assembly ("memory-safe") {
                r := mload(add(signature, 0x20))
                s := mload(add(signature, 0x40))
                v := byte(0, mload(add(signature, 0x60)))
            }
            address recovered = _recover(digest, v, r, s);
            return recovered != address(0) && recovered == signer;
        }
        (bool ok, bytes memory ret) =
            signer.staticcall(abi.encodeWithSelector(ERC1271_MAGIC_VALUE, digest, signature));
        return ok && ret.length >= 32 && abi.decode(ret, (bytes4)) == ERC1271_MAGIC_VALUE;
    }
}
