#pragma once
/*
 * HTML building blocks of the built-in pages: escaping and small templates with named
 * placeholders. A value enters the markup through one of two doors only: as plain text, which
 * is escaped, or as an Html fragment that a template (or styleElement()) produced. So a
 * forgotten escape cannot happen by accident.
 */
#include <QList>
#include <QString>
#include <QStringView>
#include <initializer_list>

namespace Gatehouse::Pages {

class Slot;

//! \a text with the five HTML special characters (& < > " ') replaced by character references;
//! safe in element content and in double- or single-quoted attribute values.
QString escape(QStringView text);

//! A fragment of markup built from templates and escaped text.
class Html
{
public:
    Html() = default;

    const QString &markup() const { return m_markup; }
    bool isEmpty() const { return m_markup.isEmpty(); }

    Html &operator+=(const Html &other)
    {
        m_markup += other.m_markup;
        return *this;
    }

    /*!
     * Fills \a pattern, a literal template, by replacing each \c {{name}} with the slot of
     * that name. Every placeholder must have a slot (a missing one is a programming error: it
     * asserts in debug builds and renders as nothing otherwise).
     */
    static Html fill(QStringView pattern, std::initializer_list<Slot> slots);

    /*!
     * A \c <style> element holding \a css, which must be the static stylesheet or CSS built
     * from checked values (sanitize.h). CSS containing '<' is refused (an empty fragment and
     * an error in the log), so the element cannot be closed early.
     */
    static Html styleElement(const QString &css);

private:
    explicit Html(QString markup) : m_markup(std::move(markup)) {}

    QString m_markup;
};

//! A named value for a template placeholder: plain text (escaped) or an Html fragment.
class Slot
{
public:
    Slot(QStringView name, QStringView text) : m_name(name), m_markup(escape(text)) {}
    Slot(QStringView name, const QString &text) : Slot(name, QStringView(text)) {}
    Slot(QStringView name, const char16_t *text) : Slot(name, QStringView(text)) {}
    Slot(QStringView name, const Html &html) : m_name(name), m_markup(html.markup()) {}

    QStringView name() const { return m_name; }
    const QString &markup() const { return m_markup; }

private:
    QStringView m_name;
    QString m_markup;
};

//! Html::fill(), the one way pages build markup.
inline Html fill(QStringView pattern, std::initializer_list<Slot> slots)
{
    return Html::fill(pattern, slots);
}

//! The fragments of \a parts, one after the other.
Html join(const QList<Html> &parts);

} // namespace Gatehouse::Pages
