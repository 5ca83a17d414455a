// The parameters each command (or operation type) of a multi-command tool needs, said in its
// description: a schema could only say it with root-level allOf/if/oneOf, which the model APIs
// (OpenAI, Anthropic, Gemini) refuse, so the tool checks it when called and refuses in-band.

/** One sentence naming, per command (or `what` else), the parameters it needs beyond the schema's required ones. */
export const commandNeeds = (needs: Record<string, string[]>, what = 'command'): string =>
  `Each ${what} needs (checked when called; a missing parameter is refused with an error result): ${Object.entries(
    needs,
  )
    .map(([command, params]) => `${command}: ${params.join(' and ')}`)
    .join('; ')}.`;
