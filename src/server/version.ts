import packageJson from '../../package.json' with { type: 'json' };

/** This code's version (package.json), written into backups and the migration log. */
export const APP_VERSION: string = packageJson.version;
