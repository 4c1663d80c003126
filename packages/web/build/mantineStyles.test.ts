import { describe, expect, it } from 'vitest';
import { mantineClassesIn, mantineComponentStyles, missingMantineStyles } from './mantineStyles.ts';

const styles = mantineComponentStyles();
const classesOf = (file: string) => [...mantineClassesIn(styles.get(file) ?? '')];

describe('the Mantine styles check', () => {
  it("reads Mantine's class names, short ones too", () => {
    expect(mantineClassesIn('a m_77c9d27d b "m_d08caa0" m_xyz m_77c9d27d')).toEqual(
      new Set(['m_77c9d27d', 'm_d08caa0']),
    );
    expect(classesOf('Button.css').length).toBeGreaterThan(3);
    expect(classesOf('Typography.css')).toContain('m_d08caa0');
  });

  it('names the stylesheet of each component the code uses but the CSS lacks', () => {
    const button = classesOf('Button.css');
    const menu = classesOf('Menu.css');
    const code = `const button = { root: "${button[0]}" }; const menu = { dropdown: "${menu[0]}" };`;
    expect(missingMantineStyles([code], [styles.get('Button.css') ?? ''], styles)).toEqual(['Menu.css']);
    expect(missingMantineStyles([code], [], styles)).toEqual(['Button.css', 'Menu.css']);
    expect(
      missingMantineStyles([code], [styles.get('Menu.css') ?? '', styles.get('Button.css') ?? ''], styles),
    ).toEqual([]);
    // Styles nobody uses are no fault.
    expect(missingMantineStyles(['no classes'], [styles.get('Table.css') ?? ''], styles)).toEqual([]);
  });
});
