import * as fs from 'node:fs';

/**
 * Removes a folder and everything in it, synchronously; nothing when it is not there. Links are
 * removed, never followed. rmSync (Node's rimraf) tries rmdir on every entry before it unlinks a
 * file, a failed system call per file: the previous output of the 1000-article benchmark (127 000
 * files in 1 400 folders) took 4.3 s to remove that way, of which 1.6 s were those rmdir calls.
 * Anything unexpected (a permission, a file appearing meanwhile) is left to rmSync.
 */
export function removeTree(dir: string): void {
  try {
    removeEntries(fs, dir);
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * removeTree's walk, given the file system module: it uses nothing else from outside its body, so
 * that it can run from its own text in a thread of its own (file-threads.ts).
 */
export function removeEntries(files: typeof fs, dir: string): void {
  const remove = (folder: string): void => {
    let entries;
    try {
      entries = files.readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) remove(path);
      else files.unlinkSync(path);
    }
    files.rmdirSync(folder);
  };
  remove(dir);
}
