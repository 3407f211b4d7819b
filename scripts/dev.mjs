// npm run dev: the API with reload (tsx watch) and Vite's dev server, stopped together.
import { spawn } from 'node:child_process';
import path from 'node:path';

// The browser talks to Vite (:5173), which proxies /api to the server: that is the public origin.
const serverEnv = {
  NODE_ENV: 'development',
  BASE_URL: 'http://localhost:5173',
  DATA_DIR: path.resolve('data'),
  ...process.env,
};

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { stdio: 'inherit', env: serverEnv }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && stop()));
