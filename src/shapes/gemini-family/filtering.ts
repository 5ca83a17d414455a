// How both list_directory tools read their file_filtering_options: .gitignore honoured unless
// respect_git_ignore is false, the vendor's ignore file unless its own key (respect_gemini_ignore,
// respect_qwen_ignore) is false, and the .git entry they always hide counted with the skipped.
import type { familyListOptions } from './shared.js';

/** familyList's options from a list_directory call's file_filtering_options, the vendor's key named `vendorKey`. */
export function filteringOptions<K extends string>(
  ignoreFile: string,
  vendorKey: K,
  filt: Partial<Record<'respect_git_ignore' | K, boolean>> = {},
): Parameters<typeof familyListOptions>[0] {
  return { ignoreFile, respectGit: filt.respect_git_ignore, respectVendor: filt[vendorKey], countSkipped: true };
}
