export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  base: string;
  name: string;
  instructions: Instruction[];
}

/** Dockerfile instructions, continuation lines joined and comments dropped, grouped by stage. */
export function parseDockerfile(text: string): { args: Record<string, string>; stages: Stage[] } {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword === 'FROM') {
      const [, base = '', name = ''] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? [];
      stages.push({
        base: base.replace(/^\$\{(\w+)\}$/, (_, arg: string) => args[arg] ?? base),
        name,
        instructions: [],
      });
    } else if (stages.length === 0 && keyword === 'ARG') {
      const [name = '', value = ''] = rest.split('=');
      args[name] = value;
    } else {
      stages.at(-1)?.instructions.push({ keyword, args: rest });
    }
  }
  return { args, stages };
}
