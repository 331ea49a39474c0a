import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Writes `dist/prefetch.json`: the JS and CSS files of every screen declared in `src/app/routes.ts` (its
 * lazy `import()`s) that the entry does not already load, exceljs left out (export stays on demand).
 * Once signed in, the app hands them to the browser as `<link rel="prefetch">` (app/prefetch.ts): fetched at
 * idle priority into the HTTP cache, neither parsed nor run until a screen is opened, so a cheap phone spends
 * no CPU or battery on screens it may never show, and the next screen still opens without a network wait.
 */
export function prefetchList(): Plugin {
  return {
    name: 'yams-prefetch-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const routes = [...this.getModuleIds()].find((id) => id.endsWith('/src/app/routes.ts'));
      if (!routes) this.error('prefetch-list : src/app/routes.ts est introuvable dans le bundle');
      const screens = new Set(this.getModuleInfo(routes)?.dynamicallyImportedIds ?? []);
      const heavy = (file: string) => byFile.get(file)?.moduleIds.some((id) => id.includes('/exceljs/'));
      const walk = (file: string, into: Set<string>) => {
        if (into.has(file) || heavy(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) walk(imported, into);
      };
      const atStart = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) walk(chunk.fileName, atStart);
      const later = new Set<string>();
      for (const chunk of chunks) {
        if (chunk.facadeModuleId && screens.has(chunk.facadeModuleId)) walk(chunk.fileName, later);
      }
      if (later.size < screens.size / 2)
        this.error('prefetch-list : les écrans de routes.ts sont introuvables');
      const files = [...later].filter((file) => !atStart.has(file));
      const css = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
      const list = [...new Set([...files, ...css])].sort().map((file) => `/${file}`);
      this.emitFile({ type: 'asset', fileName: 'prefetch.json', source: `${JSON.stringify(list)}\n` });
    },
  };
}
