// ISO 3166-1 alpha-2, written out here apart from the client's list on purpose: the emulator
// stands for the service, and the tests compare the two. Each line is a first letter followed by
// every second letter that makes an assigned code with it (AD, AE, AF, … for A).
const BY_FIRST_LETTER = `
A DEFGILMOQRSTUWXZ
B ABDEFGHIJLMNOQRSTVWYZ
C ACDFGHIKLMNORUVWXYZ
D EJKMOZ
E CEGHRST
F IJKMOR
G ABDEFGHILMNPQRSTUWY
H KMNRTU
I DELMNOQRST
J EMOP
K EGHIMNPRWYZ
L ABCIKRSTUVY
M ACDEFGHKLMNOPQRSTUVWXYZ
N ACEFGILOPRUZ
O M
P AEFGHKLMNRSTWY
Q A
R EOSUW
S ABCDEGHIJKLMNORSTVXYZ
T CDFGHJKLMNORTVWZ
U AGMSYZ
V ACEGINU
W FS
Y ET
Z AMW`;

export const ISO_COUNTRIES: ReadonlySet<string> = new Set(
  BY_FIRST_LETTER.trim().split('\n').flatMap((line) => {
    const [first = '', seconds = ''] = line.split(' ');
    return Array.from(seconds).map((second) => first + second);
  }),
);

/** Whether `value` is an assigned two-letter country code, in either case ("de" as "DE"). */
export function isIsoCountry(value: unknown): boolean {
  return typeof value === 'string' && ISO_COUNTRIES.has(value.toUpperCase());
}
