import { ThemeProvider } from '@emotion/react';
import { Button, Container, GlobalStyles, Headline, theme } from '@erd/shared-contracts/ui';

/** Shown when even the runtime configuration cannot be loaded: never a white page. */
export function StartupError() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      <main>
        <Container>
          <div role="alert" style={{ padding: '4rem 0', textAlign: 'center' }}>
            <Headline as="h1" level="lg">
              Da ist leider was schief gelaufen.
            </Headline>
            <p>Die Seite konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal.</p>
            <Button onClick={() => window.location.reload()}>Neu laden</Button>
          </div>
        </Container>
      </main>
    </ThemeProvider>
  );
}
