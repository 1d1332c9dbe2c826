/**
 * Reads the instructions of our Dockerfile that the deploy test replays as plain processes (no
 * container runtime on the test machine). Handles the forms the file uses: one instruction per
 * line, `ENV k=v …`, `COPY [--from=stage] src… dest`, exec-form (JSON) CMD and HEALTHCHECK.
 */
export type Stage = {
  name: string;
  workdir: string;
  env: Record<string, string>;
  copies: { from?: string; sources: string[]; dest: string }[];
  user?: string;
  healthcheck?: string[];
  cmd?: string[];
};

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const [instruction = "", ...rest] = line.split(/\s+/);
    const value = line.slice(instruction.length).trim();
    const stage = stages.at(-1);
    switch (instruction.toUpperCase()) {
      case "FROM":
        stages.push({ name: rest[2] ?? String(stages.length), workdir: "/", env: {}, copies: [] });
        break;
      case "WORKDIR":
        if (stage) stage.workdir = value;
        break;
      case "ENV":
        for (const pair of rest) {
          const [key, v = ""] = pair.split("=");
          if (stage) stage.env[key!] = v;
        }
        break;
      case "COPY": {
        const from = rest.find((p) => p.startsWith("--from="))?.slice("--from=".length);
        const paths = rest.filter((p) => !p.startsWith("--"));
        stage?.copies.push({ from, sources: paths.slice(0, -1), dest: paths.at(-1)! });
        break;
      }
      case "USER":
        if (stage) stage.user = value;
        break;
      case "HEALTHCHECK":
        if (stage) stage.healthcheck = JSON.parse(value.slice(value.indexOf("CMD") + 3).trim());
        break;
      case "CMD":
        if (stage) stage.cmd = JSON.parse(value);
        break;
    }
  }
  return stages;
}
