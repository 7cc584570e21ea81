/**
 * Vitest global setup: a folder for the run's one PostgreSQL data folder as initdb makes it, which the first
 * test to start a server creates and every server copies (test/helpers/postgres-cluster.ts); removed after
 * the run. Nothing is made unless a test starts a server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}

export default function setup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'tix-pg-template-'));
  project.provide('postgresTemplate', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
