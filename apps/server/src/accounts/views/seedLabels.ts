import { SUPPORTED_LOCALES } from '@cmp/contracts/locales';
import type { LocalizedLabels } from '@cmp/contracts/accountViews';

/**
 * Turns "en|de|es|fr|hu|it|nl|pl|ro|ru|fi|tr|bg|pt|sv" into labels per language. The seeded layouts
 * carry their labels as data (view_layouts.pages), so owners can add layouts in any language
 * without a release; this only keeps the seed readable.
 */
export function labels(texts: string): LocalizedLabels {
  const parts = texts.split('|');
  if (parts.length !== SUPPORTED_LOCALES.length) throw new Error(`labels need ${SUPPORTED_LOCALES.length} texts: ${texts}`);
  return Object.fromEntries(SUPPORTED_LOCALES.map((locale, index) => [locale, parts[index]!])) as LocalizedLabels;
}

/** Labels of the seeded fields, by field name (en de es fr hu it nl pl ro ru fi tr bg pt sv). */
export const FIELD_LABELS: Record<string, string> = {
  DisplayName: 'Display name|Anzeigename|Nombre visible|Nom affiché|Megjelenített név|Nome visualizzato|Weergavenaam|Nazwa wyświetlana|Nume afișat|Отображаемое имя|Näyttönimi|Görünen ad|Показвано име|Nome de exibição|Visningsnamn',
  AccountIdentificator: 'Account identifier|Kontokennung|Identificador de cuenta|Identifiant du compte|Fiókazonosító|Identificativo account|Accountnummer|Identyfikator konta|Identificator cont|Идентификатор учётной записи|Tilin tunniste|Hesap tanımlayıcısı|Идентификатор на акаунта|Identificador da conta|Konto-ID',
  Country: 'Country|Land|País|Pays|Ország|Paese|Land|Kraj|Țară|Страна|Maa|Ülke|Държава|País|Land',
  VatNumber: 'VAT number|USt-IdNr.|Número de IVA|Numéro de TVA|Közösségi adószám|Partita IVA|Btw-nummer|Numer VAT|Cod TVA|Номер плательщика НДС|ALV-numero|KDV numarası|ДДС номер|Número de IVA|Momsregistreringsnummer',
  Email: 'E-mail|E-Mail|Correo electrónico|E-mail|E-mail|E-mail|E-mail|E-mail|E-mail|Эл. почта|Sähköposti|E-posta|Имейл|E-mail|E-post',
  Phone: 'Phone|Telefon|Teléfono|Téléphone|Telefon|Telefono|Telefoon|Telefon|Telefon|Телефон|Puhelin|Telefon|Телефон|Telefone|Telefon',
  Street: 'Street|Straße|Calle|Rue|Utca|Via|Straat|Ulica|Stradă|Улица|Katuosoite|Sokak|Улица|Rua|Gatuadress',
  PostalCode: 'Postal code|Postleitzahl|Código postal|Code postal|Irányítószám|CAP|Postcode|Kod pocztowy|Cod poștal|Почтовый индекс|Postinumero|Posta kodu|Пощенски код|Código postal|Postnummer',
  City: 'City|Ort|Ciudad|Ville|Város|Città|Plaats|Miejscowość|Oraș|Город|Kaupunki|Şehir|Град|Cidade|Ort',
  Currency: 'Currency|Währung|Moneda|Devise|Pénznem|Valuta|Valuta|Waluta|Monedă|Валюта|Valuutta|Para birimi|Валута|Moeda|Valuta',
  Iban: 'Bank account (IBAN)|Bankkonto (IBAN)|Cuenta bancaria (IBAN)|Compte bancaire (IBAN)|Bankszámla (IBAN)|Conto bancario (IBAN)|Bankrekening (IBAN)|Konto bankowe (IBAN)|Cont bancar (IBAN)|Банковский счёт (IBAN)|Pankkitili (IBAN)|Banka hesabı (IBAN)|Банкова сметка (IBAN)|Conta bancária (IBAN)|Bankkonto (IBAN)',
  CostCenter: 'Cost center|Kostenstelle|Centro de coste|Centre de coûts|Költséghely|Centro di costo|Kostenplaats|Centrum kosztów|Centru de cost|Центр затрат|Kustannuspaikka|Maliyet merkezi|Разходен център|Centro de custo|Kostnadsställe',
  Firstname: 'First name|Vorname|Nombre|Prénom|Utónév|Nome|Voornaam|Imię|Prenume|Имя|Etunimi|Ad|Име|Nome próprio|Förnamn',
  Lastname: 'Last name|Nachname|Apellidos|Nom|Vezetéknév|Cognome|Achternaam|Nazwisko|Nume de familie|Фамилия|Sukunimi|Soyadı|Фамилия|Apelido|Efternamn',
  Username: 'Username|Benutzername|Nombre de usuario|Nom d’utilisateur|Felhasználónév|Nome utente|Gebruikersnaam|Nazwa użytkownika|Nume de utilizator|Имя пользователя|Käyttäjätunnus|Kullanıcı adı|Потребителско име|Nome de utilizador|Användarnamn',
  Language: 'Language|Sprache|Idioma|Langue|Nyelv|Lingua|Taal|Język|Limbă|Язык|Kieli|Dil|Език|Idioma|Språk',
  ProductName: 'Service|Dienst|Servicio|Service|Szolgáltatás|Servizio|Dienst|Usługa|Serviciu|Сервис|Palvelu|Hizmet|Услуга|Serviço|Tjänst',
  Quantity: 'Quantity|Menge|Cantidad|Quantité|Mennyiség|Quantità|Aantal|Ilość|Cantitate|Количество|Määrä|Miktar|Количество|Quantidade|Antal',
  Domain: 'Mail domain|Mail-Domain|Dominio de correo|Domaine de messagerie|Levelezési tartomány|Dominio di posta|Maildomein|Domena poczty|Domeniu de e-mail|Почтовый домен|Sähköpostiverkkotunnus|Posta alan adı|Пощенски домейн|Domínio de e-mail|E-postdomän',
  Mailboxes: 'Mailboxes|Postfächer|Buzones|Boîtes aux lettres|Postafiókok|Caselle di posta|Postvakken|Skrzynki pocztowe|Căsuțe poștale|Почтовые ящики|Postilaatikot|Posta kutuları|Пощенски кутии|Caixas de correio|Brevlådor',
  TenantDomain: 'Tenant domain|Mandanten-Domain|Dominio del inquilino|Domaine du locataire|Bérlői tartomány|Dominio del tenant|Tenantdomein|Domena dzierżawy|Domeniu tenant|Домен клиента|Vuokraajan verkkotunnus|Kiracı alan adı|Домейн на наемателя|Domínio do inquilino|Klientdomän',
  Seats: 'Seats|Lizenzen|Puestos|Postes|Helyek|Postazioni|Plaatsen|Stanowiska|Locuri|Места|Paikat|Koltuklar|Места|Lugares|Platser',
  Region: 'Region|Region|Región|Région|Régió|Regione|Regio|Region|Regiune|Регион|Alue|Bölge|Регион|Região|Region',
  Edition: 'Edition|Edition|Edición|Édition|Kiadás|Edizione|Editie|Edycja|Ediție|Редакция|Versio|Sürüm|Издание|Edição|Utgåva',
  StorageGb: 'Storage (GB)|Speicher (GB)|Almacenamiento (GB)|Stockage (Go)|Tárhely (GB)|Spazio (GB)|Opslag (GB)|Pamięć (GB)|Stocare (GB)|Хранилище (ГБ)|Tallennustila (Gt)|Depolama (GB)|Хранилище (GB)|Armazenamento (GB)|Lagring (GB)',
  RetentionDays: 'Retention (days)|Aufbewahrung (Tage)|Retención (días)|Conservation (jours)|Megőrzés (nap)|Conservazione (giorni)|Bewaartermijn (dagen)|Przechowywanie (dni)|Păstrare (zile)|Хранение (дней)|Säilytys (päivää)|Saklama (gün)|Съхранение (дни)|Retenção (dias)|Lagringstid (dagar)',
  LicenseEmail: 'Licence e-mail|Lizenz-E-Mail|Correo de la licencia|E-mail de licence|Licenc e-mail-címe|E-mail della licenza|Licentie-e-mail|E-mail licencji|E-mail licență|Эл. почта лицензии|Lisenssin sähköposti|Lisans e-postası|Имейл за лиценза|E-mail da licença|Licens-e-post',
};

/** Labels of the seeded containers and pages. */
export const SECTION_LABELS: Record<string, string> = {
  Overview: 'Overview|Übersicht|Resumen|Vue d’ensemble|Áttekintés|Panoramica|Overzicht|Przegląd|Prezentare generală|Обзор|Yleiskatsaus|Genel bakış|Общ преглед|Visão geral|Översikt',
  NewAccount: 'New account|Neues Konto|Nueva cuenta|Nouveau compte|Új fiók|Nuovo account|Nieuw account|Nowe konto|Cont nou|Новая учётная запись|Uusi tili|Yeni hesap|Нов акаунт|Nova conta|Nytt konto',
  General: 'General|Allgemein|General|Général|Általános|Generale|Algemeen|Ogólne|General|Общие|Yleiset|Genel|Общи|Geral|Allmänt',
  Contact: 'Contact|Kontakt|Contacto|Contact|Kapcsolat|Contatto|Contact|Kontakt|Contact|Контакты|Yhteystiedot|İletişim|Контакт|Contacto|Kontakt',
  Address: 'Address|Adresse|Dirección|Adresse|Cím|Indirizzo|Adres|Adres|Adresă|Адрес|Osoite|Adres|Адрес|Morada|Adress',
  Billing: 'Billing|Abrechnung|Facturación|Facturation|Számlázás|Fatturazione|Facturering|Rozliczenia|Facturare|Расчёты|Laskutus|Faturalama|Фактуриране|Faturação|Fakturering',
  SignIn: 'Sign-in|Anmeldung|Inicio de sesión|Connexion|Bejelentkezés|Accesso|Aanmelden|Logowanie|Autentificare|Вход|Kirjautuminen|Oturum açma|Вход|Início de sessão|Inloggning',
  Subscription: 'Subscription|Abonnement|Suscripción|Abonnement|Előfizetés|Abbonamento|Abonnement|Subskrypcja|Abonament|Подписка|Tilaus|Abonelik|Абонамент|Subscrição|Abonnemang',
  ServiceSettings: 'Service settings|Diensteinstellungen|Ajustes del servicio|Paramètres du service|Szolgáltatás beállításai|Impostazioni del servizio|Dienstinstellingen|Ustawienia usługi|Setări serviciu|Настройки сервиса|Palvelun asetukset|Hizmet ayarları|Настройки на услугата|Definições do serviço|Tjänstinställningar',
};

/** Labels of the Regions enum members. */
export const REGION_LABELS: Record<string, string> = {
  EU: 'Europe|Europa|Europa|Europe|Európa|Europa|Europa|Europa|Europa|Европа|Eurooppa|Avrupa|Европа|Europa|Europa',
  US: 'United States|Vereinigte Staaten|Estados Unidos|États-Unis|Egyesült Államok|Stati Uniti|Verenigde Staten|Stany Zjednoczone|Statele Unite|США|Yhdysvallat|Amerika Birleşik Devletleri|САЩ|Estados Unidos|USA',
  APAC: 'Asia-Pacific|Asien-Pazifik|Asia-Pacífico|Asie-Pacifique|Ázsia és a csendes-óceáni térség|Asia-Pacifico|Azië-Pacific|Azja i Pacyfik|Asia-Pacific|Азиатско-Тихоокеанский регион|Aasian ja Tyynenmeren alue|Asya-Pasifik|Азиатско-тихоокеански регион|Ásia-Pacífico|Asien och Stillahavsområdet',
};
