import { errorMessage, type ApiError } from './errors';

describe('errorMessage', () => {
  const http = (serverMessage: string): ApiError => ({
    kind: 'http',
    status: 500,
    message: `API 500: ${serverMessage}`,
    serverMessage,
  });

  it("shows the server's explanation when it gave one", () => {
    expect(errorMessage(http('Year must be 1900 or later'), 'Failed to save vehicle')).toBe(
      'Year must be 1900 or later',
    );
  });

  it("shows the screen's fallback when the answer explains nothing", () => {
    expect(errorMessage(http(''), 'Failed to save vehicle')).toBe('Failed to save vehicle');
    expect(errorMessage(undefined, 'Failed to load profile.')).toBe('Failed to load profile.');
  });

  it('says Network error when the server could not be reached', () => {
    const network: ApiError = {
      kind: 'network',
      status: 'FETCH_ERROR',
      message: 'Network error',
      serverMessage: '',
    };
    expect(errorMessage(network, 'Failed to save vehicle')).toBe('Network error');
  });
});
