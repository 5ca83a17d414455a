// What a result shows a person besides the model's text: a shape's host block without the
// tool's name. Engine helpers build it from their results so a shape only adds its words.

export interface HostFacts {
  summary?: string;
  paths?: string[];
  diff?: string;
  diffNote?: string;
  counts?: Record<string, number>;
  exitCode?: number | null;
  signal?: string | null;
  truncated?: boolean;
  details?: Record<string, unknown>;
}
