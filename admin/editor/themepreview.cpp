#include "themepreview.h"

#include "configdocument.h"
#include "logging.h"

#include <gatehouse/auth.h>
#include <gatehouse/autherror.h>
#include <gatehouse/configloader.h>
#include <gatehouse/memoryadapter.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QStandardPaths>

#include <unistd.h>

namespace Gatehouse::Admin {

namespace {

constexpr int DebounceMs = 300;
constexpr int BrowserTimeoutMs = 30000;

QString findBrowser()
{
    const QString configured = qEnvironmentVariable("GATEHOUSE_CHROMIUM");
    if (!configured.isEmpty())
        return QStandardPaths::findExecutable(configured).isEmpty() && QFileInfo(configured).isExecutable()
            ? configured : QStandardPaths::findExecutable(configured);
    for (const char *name : {"chromium", "chromium-browser", "google-chrome"}) {
        const QString path = QStandardPaths::findExecutable(QString::fromLatin1(name));
        if (!path.isEmpty())
            return path;
    }
    return {};
}

// A secret that exists only for rendering the preview (the page needs a CSRF token).
QString previewSecret()
{
    QByteArray bytes(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), bytes.size() / 4);
    return QString::fromLatin1(bytes.toHex());
}

} // namespace

ThemePreview::ThemePreview(QObject *parent)
    : QObject(parent), m_browser(findBrowser()), m_alive(std::make_shared<bool>(true))
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(DebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &ThemePreview::start);
    m_timeout.setSingleShot(true);
    m_timeout.setInterval(BrowserTimeoutMs);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        if (m_process)
            m_process->kill();   // finished() reports the failure
    });
}

ThemePreview::~ThemePreview()
{
    *m_alive = false;
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

void ThemePreview::setDocument(ConfigDocument *document)
{
    if (m_document == document)
        return;
    if (m_document)
        m_document->disconnect(this);
    m_document = document;
    if (m_document)
        connect(m_document, &ConfigDocument::changed, this, &ThemePreview::schedule);
    Q_EMIT documentChanged();
    schedule();
}

void ThemePreview::setLanguage(const QString &language)
{
    if (m_language == language)
        return;
    m_language = language;
    Q_EMIT languageChanged();
    schedule();
}

void ThemePreview::setPreferDark(bool preferDark)
{
    if (m_preferDark == preferDark)
        return;
    m_preferDark = preferDark;
    Q_EMIT preferDarkChanged();
    schedule();
}

void ThemePreview::setViewportWidth(int width)
{
    width = qBound(200, width, 4000);
    if (m_width == width)
        return;
    m_width = width;
    Q_EMIT viewportChanged();
    schedule();
}

void ThemePreview::setViewportHeight(int height)
{
    height = qBound(200, height, 4000);
    if (m_height == height)
        return;
    m_height = height;
    Q_EMIT viewportChanged();
    schedule();
}

void ThemePreview::refresh()
{
    m_debounce.stop();
    start();
}

void ThemePreview::schedule()
{
    if (m_document)
        m_debounce.start();
}

void ThemePreview::start()
{
    if (!m_document)
        return;
    if (m_busy) {
        m_pending = true;   // one more render once this one is done
        return;
    }
    setBusy(true);
    m_clock.start();

    ConfigLoadOptions options;
    options.requireSecret = false;
    const ConfigResult result = loadConfig(m_document->json(), QProcessEnvironment::systemEnvironment(),
                                           m_document->baseDir(), options);
    Config config = result.config;
    if (config.secret.isEmpty())
        config.secret = {previewSecret()};
    config.trustHost = true;
    config.url = QUrl();
    config.pages.signIn.clear();   // the preview is of the built-in page
    // Email and passkey providers need a database; their buttons need none of its rows.
    config.adapter = std::make_shared<MemoryAdapter>();
    // The server binds credentials checks (JavaScript or "builtin") itself; the preview only
    // shows the form and never signs anybody in.
    for (Provider &provider : config.providers) {
        if (provider.isCredentials() && !provider.authorize)
            provider.authorize = [](const QJsonObject &, const AuthRequest &) {
                return QtFuture::makeReadyFuture(std::optional<QJsonObject>());
            };
    }

    std::optional<Auth> auth;
    try {
        auth.emplace(config);
    } catch (const AuthError &error) {
        finish(tr("The server would not start with this configuration: %1").arg(error.message()));
        return;
    }
    AuthRequest request;
    request.method = "GET";
    const QString basePath = config.basePath.isEmpty() ? QString() : config.basePath;
    request.url = QUrl(QStringLiteral("http://localhost:3000%1/signin").arg(basePath));
    request.headers = {{"host", "localhost:3000"}, {"accept-language", m_language.toUtf8()}};

    const std::weak_ptr<bool> alive = m_alive;
    auth->handle(request)
        .then(this, [this, alive, engine = *auth](const AuthResponse &response) {
            Q_UNUSED(engine)   // keeps the engine alive until the page is there
            if (alive.expired())
                return;
            if (response.status != 200) {
                finish(tr("The server answered the sign-in page with status %1.").arg(response.status));
                return;
            }
            screenshot(response.body);
        })
        .onFailed(this, [this, alive](const AuthError &error) {
            if (!alive.expired())
                finish(tr("The sign-in page failed: %1").arg(error.message()));
        })
        .onFailed(this, [this, alive] {
            if (!alive.expired())
                finish(tr("The sign-in page failed."));
        });
}

void ThemePreview::screenshot(const QByteArray &html)
{
    m_html = QString::fromUtf8(html);
    if (!m_dir.isValid()) {
        finish(tr("No temporary folder for the preview: %1").arg(m_dir.errorString()));
        return;
    }
    if (m_browser.isEmpty()) {
        finish(tr("Chromium was not found; install the Debian package \"chromium\" to see the preview."));
        return;
    }
    QFile page(m_dir.filePath(QStringLiteral("signin.html")));
    if (!page.open(QIODevice::WriteOnly | QIODevice::Truncate) || page.write(html) != html.size()) {
        finish(tr("Cannot write the preview page: %1").arg(page.errorString()));
        return;
    }
    page.close();

    const QString png = m_dir.filePath(QStringLiteral("preview-%1.png").arg(++m_serial));
    QStringList arguments{QStringLiteral("--headless"), QStringLiteral("--disable-gpu"),
                          QStringLiteral("--hide-scrollbars"), QStringLiteral("--no-first-run"),
                          QStringLiteral("--mute-audio"),
                          // Only the page: no update checks, sync or other traffic of the browser's own.
                          QStringLiteral("--disable-background-networking"),
                          QStringLiteral("--disable-component-update"),
                          QStringLiteral("--disable-domain-reliability"), QStringLiteral("--disable-sync"),
                          QStringLiteral("--user-data-dir=") + m_dir.filePath(QStringLiteral("profile")),
                          QStringLiteral("--window-size=%1,%2").arg(m_width).arg(m_height),
                          QStringLiteral("--screenshot=") + png};
    if (::geteuid() == 0)
        arguments << QStringLiteral("--no-sandbox");   // Chromium refuses to run as root otherwise
    if (m_preferDark)
        arguments << QStringLiteral("--force-dark-mode");
    arguments << QUrl::fromLocalFile(page.fileName()).toString();

    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_process, &QProcess::finished, this, [this, png](int exitCode, QProcess::ExitStatus status) {
        m_timeout.stop();
        const QByteArray output = m_process->readAll();
        m_process->deleteLater();
        m_process = nullptr;
        if (status != QProcess::NormalExit || exitCode != 0 || !QFileInfo(png).size()) {
            qCWarning(lcAdminEditor).noquote() << "chromium failed:" << exitCode << output.right(2000);
            finish(tr("Chromium could not render the page (exit code %1).").arg(exitCode));
            return;
        }
        if (m_image.isLocalFile())
            QFile::remove(m_image.toLocalFile());
        m_image = QUrl::fromLocalFile(png);
        finish({});
    });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart && m_process) {
            m_timeout.stop();
            m_process->deleteLater();
            m_process = nullptr;
            finish(tr("Chromium could not be started (%1).").arg(m_browser));
        }
    });
    m_timeout.start();
    m_process->start(m_browser, arguments);
}

void ThemePreview::finish(const QString &error)
{
    m_renderMs = int(m_clock.elapsed());
    if (m_errorString != error) {
        m_errorString = error;
        Q_EMIT errorStringChanged();
    }
    if (!error.isEmpty())
        qCInfo(lcAdminEditor).noquote() << "preview:" << error;
    setBusy(false);
    Q_EMIT rendered();
    if (m_pending) {
        m_pending = false;
        schedule();
    }
}

void ThemePreview::setBusy(bool busy)
{
    if (m_busy == busy)
        return;
    m_busy = busy;
    Q_EMIT busyChanged();
}

} // namespace Gatehouse::Admin
