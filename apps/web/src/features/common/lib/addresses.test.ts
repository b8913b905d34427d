import { describe, expect, it } from 'vitest';
import { mapLink, placeOf, webViewAddress } from './addresses';

describe('in-app web view addresses', () => {
  it('shows http and https addresses only', () => {
    expect(webViewAddress('https://dramastar.example/help?x=1')?.hostname).toBe('dramastar.example');
    expect(webViewAddress('http://example.com')?.href).toBe('http://example.com/');
    for (const bad of [
      null,
      '',
      'javascript:alert(1)',
      'data:text/html,hi',
      'file:///etc/passwd',
      '/relative',
      'nonsense',
    ]) {
      expect(webViewAddress(bad), String(bad)).toBeNull();
    }
  });
});

describe('places', () => {
  it('reads a place with its coordinates in range, and refuses the rest', () => {
    const place = placeOf(
      new URLSearchParams('latitude=14.5547&longitude=121.0244&name=Makati&address=Ayala%20Ave'),
    );
    expect(place).toEqual({ latitude: 14.5547, longitude: 121.0244, name: 'Makati', address: 'Ayala Ave' });
    expect(mapLink(place!)).toBe(
      'https://www.openstreetmap.org/?mlat=14.5547&mlon=121.0244#map=16/14.5547/121.0244',
    );
    for (const query of [
      '',
      'latitude=91&longitude=0',
      'latitude=0&longitude=181',
      'latitude=abc&longitude=1',
      'latitude=&longitude=',
    ]) {
      expect(placeOf(new URLSearchParams(query)), query).toBeNull();
    }
  });
});
