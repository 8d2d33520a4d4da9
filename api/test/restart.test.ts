import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DATABASE_URL, throwawayDatabase } from './helpers.ts';

it('keeps the database across restarts: migrations and the seed run once', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bawaba-restart-'));
  const dbx = DATABASE_URL ? await throwawayDatabase() : null;
  const opts = {
    dataDir,
    databaseUrl: dbx?.url,
    logger: false,
    jwtSecret: 'restart-secret-restart-secret-0123456789',
    seed: true,
  };
  try {
    const first = await buildApp(opts);
    const reg = await first.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { name: 'Persisted', email: 'persisted@x.qa' },
    });
    expect(reg.statusCode).toBe(200);
    const count1 = (await first.inject({ method: 'GET', url: '/api/v1/companies' })).json().data.totalItems;
    await first.close();

    const second = await buildApp(opts);
    const again = await second.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'owner@bawaba.qa', password: 'Bawaba2026!' },
    });
    expect(again.statusCode).toBe(200);
    const count2 = (await second.inject({ method: 'GET', url: '/api/v1/companies' })).json().data.totalItems;
    expect(count2).toBe(count1);
    const users = await second.ctx.database.db.execute(
      "select count(*)::int as n from users where email = 'persisted@x.qa'" as never,
    );
    expect((users.rows[0] as { n: number }).n).toBe(1);
    await second.close();
  } finally {
    await dbx?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
