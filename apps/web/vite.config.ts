import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Brotli and gzip copies of every text file of the build, made once here so the server sends
 * them as they are (`preCompressed`, platform/http/spa.ts) instead of compressing per request.
 * Source maps are left out: only developer tools fetch them.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'atelier-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * Mantine's ScrollArea (a list's table scrolls in one) imports a single hook, `useMergeRefs`,
 * from @floating-ui/react; that import alone would put the whole library (15 kB gzipped, which
 * only menus, popovers and tooltips need, and they load on first use) in the first load of every
 * list. The build hands ScrollArea the same hook from src/lib/merge-refs.ts instead.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const shim = path.resolve(import.meta.dirname, 'src/lib/merge-refs.ts');
  return {
    name: 'atelier-scroll-area-merge-refs',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && /@mantine[\\/]core[\\/].*[\\/]ScrollArea[\\/]/.test(importer))
        return shim;
      return null;
    },
  };
}

/**
 * React Router's package sends every bundler its development build (its exports have no
 * production condition), which keeps its warnings for developers; the production build is the
 * same code without them.
 */
function reactRouterProduction(): Plugin {
  const development = `${path.sep}development${path.sep}`;
  return {
    name: 'atelier-react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id.includes(development)
        ? resolved.id.replace(development, `${path.sep}production${path.sep}`)
        : resolved;
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), scrollAreaWithoutFloatingUi(), reactRouterProduction()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The first chunk is one file by design (below): about 500 kB raw, 155 kB gzipped.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the router, TanStack Query, Mantine's
          // core, the app's frame) is loaded by every page anyway: one file instead of a dozen
          // that each pay their own gzip and import overhead (about 6 kB on a list page). Being
          // the entry's whole static graph, the group needs no other chunk, so nothing changes
          // in what runs first; what pages load on demand keeps its own chunks.
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
