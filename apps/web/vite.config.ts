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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // libraries change less often than the app, so they get their own long-cached chunks
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
            },
            // zod comes with the contracts on every page; the form library only with the pages that have forms
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            { name: 'data', test: /node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
            // clsx serves every page's class names (and recharts too): kept out of the charts chunk, which must stay lazy
            { name: 'ui', test: /node_modules[\\/]clsx[\\/]/ },
            // charts (recharts and what it brings) only with the pages that draw one
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|@reduxjs|redux|redux-thunk|react-redux|reselect|immer|es-toolkit|eventemitter3|decimal\.js-light|victory-vendor|d3-[a-z-]+|internmap)[\\/]/,
            },
            { name: 'ui', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
