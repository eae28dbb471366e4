// A figure on the dashboard: a big number and what it counts.
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Layouts

Pane {
    id: card
    property string title
    property var value
    property color accent: Material.accent

    Material.elevation: 2
    Layout.fillWidth: true
    Accessible.role: Accessible.StaticText
    Accessible.name: title + ": " + valueText.text

    ColumnLayout {
        anchors.fill: parent
        Label {
            text: card.title
            opacity: 0.75
            Layout.fillWidth: true
            elide: Text.ElideRight
        }
        Label {
            id: valueText
            text: card.value === undefined || card.value < 0 ? "–" : Number(card.value).toLocaleString(Qt.locale(), "f", 0)
            font.pixelSize: 34
            font.bold: true
            color: card.accent
        }
    }
}
