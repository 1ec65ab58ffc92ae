// `npm run dev`: the API server with reload on change, and Vite with hot reload,
// proxying the API paths to the server (see vite.config.ts).
import concurrently from 'concurrently';

const { result } = concurrently(
  [
    {
      name: 'api',
      command:
        'node --watch-path=server/src --watch-path=contract/src --watch-path=editor-core/src --import tsx server/src/main.ts',
      prefixColor: 'cyan',
    },
    { name: 'web', command: 'vite', prefixColor: 'magenta' },
  ],
  { killOthersOn: ['failure'], prefix: 'name' },
);
result.catch(() => process.exit(1));
