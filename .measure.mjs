import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { writeFileSync, mkdirSync, symlinkSync, rmSync } from "node:fs";
const [pkgDir, name, program] = process.argv.slice(2);
const dir = "/tmp/bundle-measure"; rmSync(dir,{recursive:true,force:true});
mkdirSync(dir + "/node_modules/" + name.split("/")[0], { recursive: true });
symlinkSync(pkgDir, dir + "/node_modules/" + name);
writeFileSync(dir + "/p.mjs", program);
for (const platform of ["browser","node","neutral"]) {
const r = await build({ entryPoints: [dir + "/p.mjs"], bundle: true, minify: true, format: "esm", platform, write: false, metafile: true, logLevel: "silent", absWorkingDir: dir });
const text = r.outputFiles[0].text;
console.log(platform, text.length, gzipSync(text, { level: 9 }).length);
if (process.env.INPUTS) for (const [k,v] of Object.entries(Object.values(r.metafile.outputs)[0].inputs)) console.log("  ",k,v.bytesInOutput);
}
if (process.env.OUT) { const r = await build({ entryPoints: [dir + "/p.mjs"], bundle: true, minify: true, format: "esm", platform: "browser", write: false, logLevel: "silent", absWorkingDir: dir }); writeFileSync(process.env.OUT, r.outputFiles[0].text); }
