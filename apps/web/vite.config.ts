import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const contractsEntry = decodeURIComponent(new URL('../../libs/contracts/src/index.ts', import.meta.url).pathname);
const gateway = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // the contracts are consumed as TypeScript source, so the browser and the gateway share one declaration
    alias: { '@lp/contracts': contractsEntry },
  },
  server: { proxy: { '/api': gateway } },
  preview: { proxy: { '/api': gateway } },
  build: { outDir: 'dist', emptyOutDir: true },
});
