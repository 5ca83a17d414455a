// Gemini CLI hands output from outside (a command's, a fetched page's) to the model inside this tag.

/** `s` inside Gemini's untrusted_context tag. */
export const untrusted = (s: string): string => `<untrusted_context>\n${s}\n</untrusted_context>`;
