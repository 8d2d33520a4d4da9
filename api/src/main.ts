import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
console.log(
  `Bawaba API listening on http://${config.host}:${config.port}/api/v1 (database: ${app.ctx.database.kind}, public URL ${config.publicUrl})`,
);

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
