import { originAllowed } from './request-origin';

describe('originAllowed', () => {
  const publicUrl = 'https://governance.example.com';

  it('lets requests without Origin through: they do not come from a browser', () => {
    expect(originAllowed(undefined, publicUrl, 'api.internal:8080')).toBe(true);
  });

  it("accepts the console's own origin, whatever the Host the proxy forwards", () => {
    expect(originAllowed('https://governance.example.com', publicUrl, 'identity:3000')).toBe(true);
  });

  it("accepts the request's own host", () => {
    expect(originAllowed('http://localhost:8080', publicUrl, 'localhost:8080')).toBe(true);
    expect(originAllowed('http://LOCALHOST:8080', publicUrl, 'Localhost:8080')).toBe(true);
    expect(originAllowed('http://localhost', publicUrl, 'localhost:80')).toBe(true);
  });

  it('refuses another site, another scheme or port of the console, and opaque origins', () => {
    expect(originAllowed('https://evil.example', publicUrl, 'governance.example.com')).toBe(false);
    expect(originAllowed('http://governance.example.com', publicUrl, 'identity:3000')).toBe(false);
    expect(originAllowed('https://governance.example.com:8443', publicUrl, 'identity:3000')).toBe(false);
    expect(originAllowed('https://governance.example.com.evil.example', publicUrl, undefined)).toBe(false);
    expect(originAllowed('null', publicUrl, 'governance.example.com')).toBe(false);
    expect(originAllowed('', publicUrl, 'governance.example.com')).toBe(false);
    expect(originAllowed('http://localhost:8081', publicUrl, 'localhost:8080')).toBe(false);
    expect(originAllowed('http://localhost:8080', publicUrl, 'bad host/')).toBe(false);
  });
});
