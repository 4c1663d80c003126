import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Mantine's component class names: static and hashed (`m_` and hex digits), the same in its CSS and its JavaScript. */
const MANTINE_CLASS = /\bm_[0-9a-f]{6,8}\b/g;

/** The Mantine class names a text (code or CSS) names. */
export const mantineClassesIn = (text: string): Set<string> => new Set(text.match(MANTINE_CLASS));

/** `@mantine/core/styles/`: one stylesheet per component (the `.layer.css` twins aside), by file name. */
export function mantineComponentStyles(): Map<string, string> {
  const dir = dirname(createRequire(import.meta.url).resolve('@mantine/core/styles/global.css'));
  const files = readdirSync(dir).filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'));
  return new Map(files.map((file) => [file, readFileSync(join(dir, file), 'utf8')]));
}

/**
 * The component stylesheets (`@mantine/core/styles/<file>`) whose classes the code uses but the built CSS lacks: such a
 * component would show unstyled.
 */
export function missingMantineStyles(
  code: readonly string[],
  css: readonly string[],
  componentStyles: ReadonlyMap<string, string>,
): string[] {
  const used = mantineClassesIn(code.join('\n'));
  const styled = mantineClassesIn(css.join('\n'));
  const missing: string[] = [];
  for (const [file, styles] of componentStyles) {
    if ([...mantineClassesIn(styles)].some((name) => used.has(name) && !styled.has(name))) missing.push(file);
  }
  return missing.sort();
}

/**
 * The app imports only the Mantine component styles it uses (`src/app/mantineStyles.ts`), not all of Mantine's. The
 * build fails when the code uses a component whose styles are not imported, naming the files to add.
 */
export function checkMantineStyles(): Plugin {
  return {
    name: 'curlew-check-mantine-styles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const outputs = Object.values(bundle);
      const missing = missingMantineStyles(
        outputs.flatMap((output) => (output.type === 'chunk' ? [output.code] : [])),
        outputs.flatMap((output) =>
          output.type === 'asset' && output.fileName.endsWith('.css') ? [String(output.source)] : [],
        ),
        mantineComponentStyles(),
      );
      if (missing.length > 0) {
        this.error(
          `Mantine components are used without their styles: import ${missing
            .map((file) => `'@mantine/core/styles/${file}'`)
            .join(', ')} in src/app/mantineStyles.ts, in the order of @mantine/core/styles.css`,
        );
      }
    },
  };
}
