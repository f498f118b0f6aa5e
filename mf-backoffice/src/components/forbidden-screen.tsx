import { AlertPanel } from './alert-panel';
import { ScreenHeader } from './screen';

/**
 * What an operator whose role may not use a screen (or whom the server refused) sees instead of it:
 * the screen's title, the refusal and why. The screen asks the server for nothing meanwhile.
 */
export function ForbiddenScreen({ title, titleId, message, hint }: { title: string; titleId: string; message: string; hint: string }) {
  return (
    <section aria-labelledby={titleId}>
      <ScreenHeader title={title} titleId={titleId} />
      <AlertPanel message={message}>{hint}</AlertPanel>
    </section>
  );
}
