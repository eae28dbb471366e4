#pragma once
/*
 * ThemePreview: the server's own sign-in page for the document being edited, as an image.
 *
 * The page comes from the engine itself: the document is loaded with the server's
 * configuration loader and a Gatehouse::Auth answers GET {basePath}/signin, so the HTML is
 * exactly what gatehouse-server would send (same templates, theme, translations, providers).
 * Debian's Chromium, started headless with --screenshot, turns that HTML into a PNG: the
 * browser draws it, not an imitation. Rendering runs in a separate process (asynchronous,
 * debounced while the user types); image changes to a new file URL after every render.
 *
 * Set GATEHOUSE_CHROMIUM to use another browser binary.
 */
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrl>
#include <QtQml/qqmlregistration.h>
#include <memory>

namespace Gatehouse::Admin {

class ConfigDocument;

class ThemePreview : public QObject
{
    Q_OBJECT
    QML_ELEMENT

    //! The configuration whose theme and providers the page shows; re-rendered on changes.
    Q_PROPERTY(Gatehouse::Admin::ConfigDocument *document READ document WRITE setDocument NOTIFY documentChanged)
    //! Language of the page ("en", "de"), sent as Accept-Language.
    Q_PROPERTY(QString language READ language WRITE setLanguage NOTIFY languageChanged)
    //! For colorScheme "auto": render as on a system that prefers dark.
    Q_PROPERTY(bool preferDark READ preferDark WRITE setPreferDark NOTIFY preferDarkChanged)
    //! Size of the browser window in CSS pixels.
    Q_PROPERTY(int viewportWidth READ viewportWidth WRITE setViewportWidth NOTIFY viewportChanged)
    Q_PROPERTY(int viewportHeight READ viewportHeight WRITE setViewportHeight NOTIFY viewportChanged)
    //! The latest screenshot (a file: URL, new for every render); empty before the first.
    Q_PROPERTY(QUrl image READ image NOTIFY rendered)
    //! The HTML of the latest page.
    Q_PROPERTY(QString html READ html NOTIFY rendered)
    //! True while a page is being rendered.
    Q_PROPERTY(bool busy READ isBusy NOTIFY busyChanged)
    //! Why the latest render failed (configuration the engine refuses, no browser, ...).
    Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged)
    //! Milliseconds the latest render took (page + browser).
    Q_PROPERTY(int renderMilliseconds READ renderMilliseconds NOTIFY rendered)
    //! The browser binary in use; empty when none was found.
    Q_PROPERTY(QString browser READ browser CONSTANT)

public:
    explicit ThemePreview(QObject *parent = nullptr);
    ~ThemePreview() override;

    ConfigDocument *document() const { return m_document; }
    void setDocument(ConfigDocument *document);
    QString language() const { return m_language; }
    void setLanguage(const QString &language);
    bool preferDark() const { return m_preferDark; }
    void setPreferDark(bool preferDark);
    int viewportWidth() const { return m_width; }
    void setViewportWidth(int width);
    int viewportHeight() const { return m_height; }
    void setViewportHeight(int height);
    QUrl image() const { return m_image; }
    QString html() const { return m_html; }
    bool isBusy() const { return m_busy; }
    QString errorString() const { return m_errorString; }
    int renderMilliseconds() const { return m_renderMs; }
    QString browser() const { return m_browser; }

    //! Renders now (changes render by themselves after a short pause).
    Q_INVOKABLE void refresh();

Q_SIGNALS:
    void documentChanged();
    void languageChanged();
    void preferDarkChanged();
    void viewportChanged();
    void rendered();
    void busyChanged();
    void errorStringChanged();

private:
    void schedule();
    void start();
    void screenshot(const QByteArray &html);
    void finish(const QString &error);
    void setBusy(bool busy);

    QPointer<ConfigDocument> m_document;
    QString m_language = QStringLiteral("en");
    bool m_preferDark = false;
    int m_width = 900;
    int m_height = 760;
    QUrl m_image;
    QString m_html;
    bool m_busy = false;
    bool m_pending = false;
    QString m_errorString;
    int m_renderMs = 0;
    int m_serial = 0;
    QString m_browser;
    QTimer m_debounce;
    QTimer m_timeout;
    QElapsedTimer m_clock;
    QTemporaryDir m_dir;
    QProcess *m_process = nullptr;
    std::shared_ptr<bool> m_alive;
};

} // namespace Gatehouse::Admin
