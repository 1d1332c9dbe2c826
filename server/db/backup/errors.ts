/** A backup or restore refused for a reason the operator can fix; the message says how. */
export class BackupError extends Error {}
