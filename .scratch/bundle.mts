import { build } from 'rolldown';
import { gzipSync } from 'node:zlib';
const out = await build({ input: process.argv[2], write: false, output: { minify: true }, logLevel: 'silent' } as any);
const code = (out as any).output[0].code as string;
console.log('bytes', code.length, 'gz', gzipSync(code).length, 'zod?', /ZodError|\$ZodType/.test(code));
