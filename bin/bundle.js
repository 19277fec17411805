// The long-running processes (`npm start`, `prelaunch serve`, `prelaunch worker`) run from an esbuild
// bundle of the TypeScript sources, with plain node, instead of through tsx's loader: some 50 MB
// less resident per process (docs/decisions.md, "Running from a bundle"). The bundle is built at
// every start from the sources as they are, so it is never stale and there is no build to remember.
import cluster from 'node:cluster';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** In the project, so the bundle's bare imports (the packages stay outside it) find node_modules. */
const BUNDLE_DIR = join(ROOT, '.bundle');

/**
 * In a bundle every module would see the bundle's `import.meta.url`, and modules use theirs to find
 * files beside them (assets, package.json, a require of their own): each project file gets its
 * source file's URL instead, wherever the bundle is. Any other `import.meta` property would change
 * meaning the same way, so the build refuses it rather than run it wrong.
 */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, ({ path }) => {
      const source = readFileSync(path, 'utf8');
      if (/import\.meta(?!\.url\b)/.test(source)) {
        return { errors: [{ text: `only import.meta.url can be bundled, and ${path} uses more of import.meta` }] };
      }
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)), loader: 'ts' };
    });
  },
};

/** Bundles `entry` (a path from the project's root) into .bundle/ and answers the bundle's path. */
async function buildBundle(entry) {
  // Loaded here: the short commands of bin/prelaunch.js never build.
  const esbuild = await import('esbuild');
  const outfile = join(BUNDLE_DIR, `${entry.replace(/^src\//, '').replace(/\.ts$/, '').replaceAll('/', '-')}.mjs`);
  let outputFiles;
  try {
    ({ outputFiles } = await esbuild.build({
      absWorkingDir: ROOT, // paths in messages and in the bundle's comments are the project's
      entryPoints: [entry],
      outfile,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // A map beside the bundle, naming the sources without copying them: stack traces point at
      // src/ for about 2 MB (an inline map with the sources cost some 20 MB more in every process).
      sourcemap: 'linked',
      sourcesContent: false,
      write: false,
      logLevel: 'silent',
      plugins: [ownImportMetaUrl],
    }));
  } catch (error) {
    const where = ({ location }) => (location ? `${location.file}:${location.line}: ` : '');
    throw new Error(`the sources do not build: ${error.errors?.map((e) => where(e) + e.text).join('; ') ?? error.message}`);
  } finally {
    await esbuild.stop(); // its service process would otherwise stay for the life of the server
  }
  try {
    mkdirSync(BUNDLE_DIR, { recursive: true });
    // Written under a name of this process's, then renamed: a process starting at the same moment
    // never reads a half-written file. The map first, so the bundle never names a missing map.
    const isMap = (file) => file.path.endsWith('.map');
    for (const file of [...outputFiles.filter(isMap), ...outputFiles.filter((file) => !isMap(file))]) {
      const temporary = `${file.path}.${process.pid}`;
      writeFileSync(temporary, file.contents);
      renameSync(temporary, file.path);
    }
  } catch (error) {
    throw new Error(`${BUNDLE_DIR} must be writable by the user running Prelaunch (${error.message})`);
  }
  return outfile;
}

/**
 * Runs `entry` from its bundle: built now, or in a worker process of `serve --workers` the one its
 * primary built and runs (PRELAUNCH_BUNDLE), so that every process runs the same code.
 */
export async function runBundled(entry) {
  let file = cluster.isWorker ? process.env.PRELAUNCH_BUNDLE : undefined;
  if (!file) {
    try {
      file = await buildBundle(entry);
    } catch (error) {
      process.stderr.write(`Prelaunch could not start: ${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    process.env.PRELAUNCH_BUNDLE = file;
  }
  // Read only for modules loaded after this: stack traces then name src/ files and lines.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(file).href);
}
