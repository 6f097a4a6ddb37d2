import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiTarget = process.env.PORTAL_API ?? 'http://localhost:8080';

/** Libraries every page needs from the first paint on: one long-cached chunk. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|zustand|dayjs)[\\/]/;
/** Ant Design and the libraries under it. */
const ANT_DESIGN =
  /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|@babel[\\/]runtime|stylis|@emotion|classnames|clsx)[\\/]/;

export default defineConfig(({ command }) => {
  // `vite build` always makes the production bundle (React's production build, Ant Design's
  // production class names), whatever NODE_ENV the caller runs with (the server's tests run
  // with NODE_ENV=test). Vite reads NODE_ENV again after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), precompress()],
    server: { port: 5173, proxy: { '/saasapi': apiTarget } },
    build: {
      outDir: 'dist',
      // .vite/manifest.json: which chunks a route loads (bench/web-size.ts reads it).
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'framework', test: FRAMEWORK, tags: ['$initial'], priority: 3 },
              { name: 'antd', test: ANT_DESIGN, tags: ['$initial'], priority: 2 },
            ],
          },
        },
      },
    },
  };
});
