type Text = { en: string; fr: string; es: string };

/** Business sectors offered by the profile's grouped select (values are stable identifiers). */
export const sectorGroups: { group: Text; options: { value: string; label: Text }[] }[] = [
  {
    group: { en: 'Services', fr: 'Services', es: 'Servicios' },
    options: [
      { value: 'consulting', label: { en: 'Consulting', fr: 'Conseil', es: 'Consultoría' } },
      { value: 'legal', label: { en: 'Legal services', fr: 'Services juridiques', es: 'Servicios jurídicos' } },
      {
        value: 'accounting',
        label: { en: 'Accounting and finance', fr: 'Comptabilité et finance', es: 'Contabilidad y finanzas' },
      },
      {
        value: 'marketing',
        label: { en: 'Marketing and communication', fr: 'Marketing et communication', es: 'Marketing y comunicación' },
      },
      { value: 'real-estate', label: { en: 'Real estate', fr: 'Immobilier', es: 'Inmobiliaria' } },
      { value: 'insurance', label: { en: 'Insurance', fr: 'Assurance', es: 'Seguros' } },
    ],
  },
  {
    group: { en: 'Commerce', fr: 'Commerce', es: 'Comercio' },
    options: [
      { value: 'retail', label: { en: 'Retail', fr: 'Commerce de détail', es: 'Comercio minorista' } },
      { value: 'e-commerce', label: { en: 'E-commerce', fr: 'E-commerce', es: 'Comercio electrónico' } },
      { value: 'wholesale', label: { en: 'Wholesale', fr: 'Commerce de gros', es: 'Comercio mayorista' } },
    ],
  },
  {
    group: { en: 'Technology', fr: 'Technologie', es: 'Tecnología' },
    options: [
      { value: 'software', label: { en: 'Software and SaaS', fr: 'Logiciels et SaaS', es: 'Software y SaaS' } },
      { value: 'it-services', label: { en: 'IT services', fr: 'Services informatiques', es: 'Servicios informáticos' } },
      { value: 'telecom', label: { en: 'Telecommunications', fr: 'Télécommunications', es: 'Telecomunicaciones' } },
    ],
  },
  {
    group: { en: 'Industry and trades', fr: 'Industrie et artisanat', es: 'Industria y oficios' },
    options: [
      { value: 'manufacturing', label: { en: 'Manufacturing', fr: 'Industrie manufacturière', es: 'Fabricación' } },
      { value: 'construction', label: { en: 'Construction', fr: 'Bâtiment et travaux publics', es: 'Construcción' } },
      { value: 'energy', label: { en: 'Energy', fr: 'Énergie', es: 'Energía' } },
      {
        value: 'transport',
        label: { en: 'Transport and logistics', fr: 'Transport et logistique', es: 'Transporte y logística' },
      },
    ],
  },
  {
    group: { en: 'People and public', fr: 'Personnes et secteur public', es: 'Personas y sector público' },
    options: [
      { value: 'healthcare', label: { en: 'Healthcare', fr: 'Santé', es: 'Salud' } },
      { value: 'education', label: { en: 'Education and training', fr: 'Éducation et formation', es: 'Educación y formación' } },
      {
        value: 'hospitality',
        label: { en: 'Hotels, restaurants and tourism', fr: 'Hôtellerie, restauration et tourisme', es: 'Hostelería y turismo' },
      },
      { value: 'non-profit', label: { en: 'Non-profit', fr: 'Associatif', es: 'Sin ánimo de lucro' } },
      { value: 'public-sector', label: { en: 'Public sector', fr: 'Secteur public', es: 'Sector público' } },
    ],
  },
];
