/**
 * The back office's 'Überblick' (issue 8): the season at a glance.
 */

export {};
