/**
 * Loaded before every test file: any fetch to a host other than loopback fails at once, so a test can
 * never reach the internet by accident. Providers are tested through an injected fetch instead.
 */
import { MockAgent, setGlobalDispatcher } from "undici";

const agent = new MockAgent();
agent.disableNetConnect();
agent.enableNetConnect(/^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/);
setGlobalDispatcher(agent);
