#!/usr/bin/env node
/** `npm run dev`: the same server, with Vite transforming sources and reloading on change. */
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { startServer } = await vite.ssrLoadModule("./server/app.ts");
await startServer({ vite, env: { NODE_ENV: "development", ...process.env } });
