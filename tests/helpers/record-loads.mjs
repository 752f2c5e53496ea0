// Given to node with --import: every module URL the process loads through the ES module loader is
// appended, one a line, to the file named by SITEGEN_RECORD_LOADS (tests/unit/cli/startup.test.ts).
import { register } from 'node:module';

register('./record-loads-hooks.mjs', import.meta.url);
