/// <reference types="vitest/config" />
// Builds the browser client into the Python package, so that `pip install` ships it and needs no Node.
import { defineConfig } from "vite";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { svelteTesting } from "@testing-library/svelte/vite";

export default defineConfig({
  // svelteTesting acts only under Vitest: Svelte's browser build for component tests, DOM cleanup after each.
  plugins: [svelte(), svelteTesting()],
  build: {
    outDir: "../src/biriba/server/static",
    emptyOutDir: true,
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8000",
      "/ws": { target: "ws://127.0.0.1:8000", ws: true },
    },
  },
  // Unit tests of the client's own logic (`npm test`); a test file needing a DOM says `@vitest-environment jsdom`.
  test: {
    include: ["tests/**/*.test.ts"],
  },
});
