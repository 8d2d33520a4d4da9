import { rmSync } from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { makeSeededTemplate } from './seeded-template.ts';

const DATABASE_URL = process.env.DATABASE_URL;

async function onServer(statement: string) {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function setup(project: TestProject) {
  const template = await makeSeededTemplate(DATABASE_URL, async (name) => {
    await onServer(`CREATE DATABASE ${name}`);
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  });
  project.provide('seededTemplate', template);
  return async () => {
    rmSync(template.dir, { recursive: true, force: true });
    if (template.database) await onServer(`DROP DATABASE IF EXISTS ${template.database} WITH (FORCE)`);
  };
}
