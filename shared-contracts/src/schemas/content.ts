/** Placeholder: issue 27 fills this file with the area's wire schemas. */
export {};
