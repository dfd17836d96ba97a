// The words of a CSV file's upload (lists and memories).
export const CSV_TEXTS = {
  empty: "Il file CSV è vuoto",
  noRows: "Il file CSV contiene solo l'intestazione: aggiungi almeno una riga di dati",
  unclosedQuote: (line: number) => `Riga ${line}: virgolette aperte e mai chiuse`,
  textAfterQuote: (line: number) =>
    `Riga ${line}: testo dopo le virgolette di chiusura (le virgolette dentro un campo vanno raddoppiate: "")`,
  fieldCount: (line: number, found: number, expected: number) =>
    `Riga ${line}: trovati ${found} campi invece di ${expected} (controlla separatori e virgolette)`,
  tooManyRows: (max: number) => `Il file CSV supera il limite di ${max} righe`,
  tooManyColumns: (max: number) => `Il file CSV supera il limite di ${max} colonne`,
  missingFile: "Invia il CSV come corpo text/csv oppure come multipart/form-data nel campo file",
} as const;
