import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What every cache key also depends on: the locked versions of all dependencies (remark, rehype and
 * their plugins among them: package-lock.json) and sitegen's own code that turns Markdown into HTML.
 * A new plugin version or a change to the Markdown code invalidates the cache; nothing else does.
 */
export async function cacheSalt(root: string): Promise<string> {
  const hash = createHash('sha256');
  const add = async (path: string) => {
    const bytes = await readFile(join(root, path)).catch(() => undefined);
    hash.update(path).update('\0').update(bytes ?? 'absent').update('\0');
  };
  await add('package-lock.json');
  const parse = (await readdir(join(root, 'src/parse')).catch(() => [] as string[])).filter((f) => f.endsWith('.ts')).sort();
  for (const file of [...parse.map((f) => `src/parse/${f}`), 'src/images/picture.ts', 'src/images/image-facts.ts']) await add(file);
  return hash.digest('hex');
}
