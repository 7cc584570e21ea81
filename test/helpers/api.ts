/** Direct requests to a sandbox, to compare tix's output with what the API itself answers. */
export async function apiGet(
  baseUrl: string,
  path: string,
  query: Record<string, string | number> = {},
  key = 'sandbox-key',
): Promise<{ status: number; body: any }> {
  const url = new URL(baseUrl + path);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const response = await fetch(url, { headers: { 'x-api-key': key } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
