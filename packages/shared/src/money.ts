/** Money is integer pence inside the product and pounds (two decimals) at the API. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100;
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
export function formatPounds(pounds: number): string {
  return gbp.format(pounds);
}
