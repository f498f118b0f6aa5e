// Node 21 and later have a global `navigator` without `appName`. amazon-cognito-identity-js's
// BigInteger (jsbn) then picks its floating-point multiply (am1), which in jest's vm context is about
// 50 times slower than the integer one (a login through the library took 10-20 s on Node 22 and 24,
// and the tests timed out). Browsers, where the library runs in production, all say "Netscape",
// which selects the integer multiply (am3), as Node 20 did by having no navigator.
if (typeof navigator !== 'undefined' && navigator.appName === undefined) {
  Object.defineProperty(navigator, 'appName', { value: 'Netscape', configurable: true });
}
