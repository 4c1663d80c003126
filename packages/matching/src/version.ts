import manifest from '../package.json' with { type: 'json' };

/** The engine's name and version (its package's), as stored with every clearing it runs. */
export const ENGINE_VERSION = `${manifest.name} ${manifest.version}`;
