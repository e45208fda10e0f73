// The CV's page layout in Typst's language (https://typst.app/docs). Every text arrives as data (sys.inputs.data,
// JSON) and is placed as a string, never read as markup, so nothing the owner writes can change the layout.
// Typst shapes Arabic with its OpenType shaper and orders mixed text with the Unicode bidi algorithm; the page's
// direction follows the CV's language, and a text in the other language carries its own.

export const CV_TEMPLATE = String.raw`
#let d = json(bytes(sys.inputs.data))
#let ink = rgb("#0f172a")
#let muted = rgb("#475569")
#let accent = rgb("#4f46e5")
#set document(title: d.title, author: d.name, date: none)
#set page(
  paper: d.paper,
  margin: (x: 16mm, top: 14mm, bottom: 16mm),
  footer: context {
    set text(size: 8pt, fill: muted)
    [#d.name #h(1fr) #counter(page).display("1 / 1", both: true)]
  },
)
#set text(font: "Cairo", size: 9.5pt, lang: d.language, fill: ink)
#set par(leading: 0.6em, spacing: 0.8em)
#set list(indent: 0.4em, body-indent: 0.5em, spacing: 0.5em, marker: text(fill: accent)[•])
#show link: set text(fill: accent)

// A text in its own language, inside a line that keeps the CV's direction (the zero-width space before it
// holds the CV's language, so a cell holding only this text still starts on the CV's side).
#let t(x) = if x == none { none } else [#h(0pt)#text(lang: x.lang)[#x.text]]
// The same as a paragraph of its own, whose direction is the text's.
#let p(x) = if x == none { none } else { block({ set text(lang: x.lang); x.text }) }
#let sep = text(fill: muted)[ · ]
#let joined(parts) = parts.filter(x => x != none).join(sep)
#let entry(title, side, subtitle: none) = block(breakable: true, below: 0.45em)[
  #grid(
    columns: (1fr, auto),
    column-gutter: 1em,
    text(weight: "bold")[#title],
    text(fill: muted, size: 8.5pt)[#side],
  )
  #if subtitle != none { block(above: 0.3em, text(fill: muted)[#subtitle]) }
]
#let section(heading, body) = {
  block(above: 1.2em, below: 0.6em, sticky: true, width: 100%, stroke: (bottom: 0.6pt + accent), inset: (bottom: 3pt))[
    #text(size: 11.5pt, weight: "bold", fill: accent)[#heading]
  ]
  body
}

#let header = {
  text(size: 20pt, weight: "bold")[#d.name]
  linebreak()
  text(size: 11pt, fill: muted)[#d.role]
  v(0.3em)
  set text(size: 8.5pt)
  let contact = (
    if d.location != "" { d.location },
    if d.email != "" { link("mailto:" + d.email)[#d.email] },
    if d.phone != "" { link("tel:" + d.phone.replace(" ", ""))[#text(dir: ltr)[#d.phone]] },
    link(d.website)[#d.websiteText],
  )
  block(joined(contact))
  if d.profiles.len() > 0 {
    block(above: 0.4em, joined(d.profiles.map(x => link(x.url)[#x.network])))
  }
}

#if d.portrait != none {
  grid(
    columns: (1fr, 22mm),
    column-gutter: 6mm,
    header,
    box(clip: true, radius: 3mm, image(d.portrait.path, width: 22mm, alt: d.portrait.alt)),
  )
} else { header }

#for s in d.sections {
  let words = d.words
  if s.kind == "summary" {
    section(words.summary, block(s.text))
  } else if s.kind == "skills" {
    section(words.skills, block(s.items.join(sep)))
  } else if s.kind == "services" {
    section(words.services, for item in s.items {
      block(below: 0.5em)[#text(weight: "bold")[#item.title] #linebreak() #text(fill: muted)[#item.text]]
    })
  } else if s.kind == "experience" {
    section(words.experience, for item in s.items {
      let org = if item.url != "" { link(item.url)[#t(item.organisation)] } else { t(item.organisation) }
      entry(t(item.role), item.period.text, subtitle: joined((org, t(item.place))))
      if item.highlights.len() > 0 {
        list(..item.highlights.map(p))
      }
      v(0.5em)
    })
  } else if s.kind == "projects" {
    section(words.projects, for item in s.items {
      entry(link(item.url)[#t(item.title)], t(item.period), subtitle: joined((t(item.client), t(item.role))))
      if item.stack.len() > 0 {
        block(above: 0.3em, text(size: 8.5pt)[#words.stack: #item.stack.join(", ")])
      }
      if item.results.len() > 0 { list(..item.results.map(p)) }
      v(0.5em)
    })
  } else if s.kind == "education" {
    section(words.education, for item in s.items {
      let school = if item.url != "" { link(item.url)[#t(item.institution)] } else { t(item.institution) }
      entry(t(item.study), item.period.text, subtitle: joined((school, t(item.place))))
    })
  } else if s.kind == "certifications" {
    section(words.certifications, for item in s.items {
      let name = if item.url != "" { link(item.url)[#t(item.name)] } else { t(item.name) }
      entry(name, item.dateText, subtitle: t(item.issuer))
    })
  } else if s.kind == "languages" {
    section(words.languages, block(joined(s.items.map(x => {
      t(x.language)
      if x.level != none [ (#t(x.level))]
    }))))
  } else if s.kind == "testimonials" {
    section(words.testimonials, for item in s.items {
      let bar = if d.language == "ar" { (right: 1.5pt + accent) } else { (left: 1.5pt + accent) }
      block(below: 0.7em, inset: (x: 0.6em), stroke: bar)[
        #p(item.quote)
        #text(size: 8.5pt, fill: muted)[— #item.name#if item.source != "" [, #item.source]]
      ]
    })
  }
}
`;
