import { within } from '@testing-library/react';

/**
 * Small helpers for the screen tests' faked operator API (`mockXhr`) and their tables: what a
 * call sent, the server's 409, a row's cell texts.
 */

/** The JSON body a faked call sent (`init` of a `mockXhr` handler or of `xhr.mock.calls[i][1]`). */
export const bodyOf = <T = unknown>(init: { body?: unknown }): T => JSON.parse(String(init.body)) as T;

/** The server's answer when someone else saved since the screen loaded: 409 `Conflict` with its German message. */
export const conflictAnswer = (message: string) => ({ status: 409, body: { code: 'Conflict', message } });

/** The texts of a table row's data cells (`<td>`), left to right (the row header not among them). */
export const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
