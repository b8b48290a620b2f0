// A program run by static-baseline.mjs (`node bare-node-server.mjs PORT DIR PATH…`): it exports nothing.
export {};
