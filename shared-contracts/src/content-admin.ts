/**
 * Site content in the back office (issue 8): home teasers, banner texts and the legal pages (Markdown with a preview).
 */

export {};
