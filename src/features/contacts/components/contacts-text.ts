/** The company contacts page's words, in one place for the page and its tests. */
export const contactsText = {
  title: 'Company contacts',
  intro:
    'Your company phonebook: everyone on your phone system can find and call these contacts from the apps and desk phones.',
  search: 'Search contacts',
  searchHint: 'Name, number, email or company',
  add: 'Add contact',
  import: 'Import from CSV',
  export: 'Export to CSV',
  addTitle: 'Add a contact',
  editTitle: 'Edit contact',
  added: 'Contact added',
  saved: 'Contact saved',
  deleted: 'Contact deleted',
  loadFailed: 'Your contacts could not be loaded',
  empty: 'Your phonebook is empty. Add a contact, or import them from a CSV file.',
  noMatch: (search: string) => `No contacts match “${search}”.`,
  exportFailed: 'The phonebook could not be exported',
  exported: (n: number) => `${n} ${n === 1 ? 'contact' : 'contacts'} exported`,
  exportFileName: 'company-contacts.csv',
} as const;
