// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title MiniMulticall
/// @notice The two read-batching entry points of Multicall3 that the embedded payment chain needs, placed with
///         `hardhat_setCode` at the canonical Multicall3 address 0xcA11bde05977b3631167028862bE2a173976CA11.
///         the x402 EVM facilitator calls `tryAggregate` to diagnose a failed EIP-3009 simulation (balance, name,
///         version, authorizationState); viem's `multicall` action uses `aggregate3`. Same ABI as Multicall3.
/// @dev    Written for this project; no storage, no constructor.
contract MiniMulticall {
    struct Call {
        address target;
        bytes callData;
    }

    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function tryAggregate(bool requireSuccess, Call[] calldata calls)
        public
        payable
        returns (Result[] memory returnData)
    {
        uint256 length = calls.length;
        returnData = new Result[](length);
        for (uint256 i = 0; i < length; ++i) {
            (bool success, bytes memory ret) = calls[i].target.call(calls[i].callData);
            if (requireSuccess) require(success, "Multicall3: call failed");
            returnData[i] = Result(success, ret);
        }
    }

    function aggregate3(Call3[] calldata calls) public payable returns (Result[] memory returnData) {
        uint256 length = calls.length;
        returnData = new Result[](length);
        for (uint256 i = 0; i < length; ++i) {
            (bool success, bytes memory ret) = calls[i].target.call(calls[i].callData);
            if (!success && !calls[i].allowFailure) revert("Multicall3: call failed");
            returnData[i] = Result(success, ret);
        }
    }
}
