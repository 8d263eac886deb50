/**
 * An older commit checked out beside this one for the bench (scripts/bench/bench.ts, ./benchApi.ts):
 * a detached git worktree with this checkout's node_modules linked in.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../local-stack/localStack';

export const git = (...args: string[]): string => {
  const result = spawnSync('git', args, { cwd: projectRoot, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
};

/** Checks `commit` out into `dir` (replacing what was there); its short hash. */
export function checkOutWorktree(
  dir: string,
  commit: string,
  nodeModules = path.join(projectRoot, 'node_modules'),
): string {
  removeWorktree(dir);
  git('worktree', 'add', '--detach', dir, commit);
  symlinkSync(nodeModules, path.join(dir, 'node_modules'));
  return git('rev-parse', '--short', commit);
}

export function removeWorktree(dir: string): void {
  if (existsSync(dir)) git('worktree', 'remove', '--force', dir);
  git('worktree', 'prune');
}
